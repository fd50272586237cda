import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardTemplateResponse, TeamMemberResponse, TeamRole } from '@cardcraft/contracts';
import { TEAM_ROLES } from '@cardcraft/contracts';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

// radix's select keeps '' for "nothing picked", so "no template" is a value of its own
const NO_TEMPLATE = 'none';

/**
 * a select whose trigger takes what FormField hands its child (the id its label points at, the
 * described-by and invalid state): the select's root is no element, so they go to the trigger
 */
function FieldSelect({
  value,
  onValueChange,
  placeholder,
  children,
  ...triggerProps
}: {
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  children: ReactNode;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...triggerProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}

/** the role a new member gets */
export function RoleField({
  value,
  onChange,
  canGrantOwner,
  error,
}: {
  value: string;
  onChange: (role: TeamRole) => void;
  canGrantOwner: boolean;
  error?: string;
}) {
  const { t } = useTranslation('teams');
  return (
    <FormField label={t('pickers.role')} error={error}>
      <FieldSelect value={value} onValueChange={(role) => onChange(role as TeamRole)}>
        {TEAM_ROLES.map((role) => (
          <SelectItem key={role} value={role} disabled={role === 'owner' && !canGrantOwner}>
            {t(`roles.${role}`)}
          </SelectItem>
        ))}
      </FieldSelect>
    </FormField>
  );
}

/** a template of the team; optional unless `required` */
export function TemplateField({
  value,
  onChange,
  templates,
  label,
  hint,
  error,
  required = false,
  className,
}: {
  value: string;
  onChange: (templateId: string) => void;
  templates: CardTemplateResponse[];
  label?: string;
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('teams');
  return (
    <FormField
      label={label ?? t('pickers.template')}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      <FieldSelect
        value={value || (required ? '' : NO_TEMPLATE)}
        onValueChange={(picked) => onChange(picked === NO_TEMPLATE ? '' : picked)}
        placeholder={t('pickers.chooseTemplate')}
      >
        {required ? null : <SelectItem value={NO_TEMPLATE}>{t('pickers.noCard')}</SelectItem>}
        {templates.map((template) => (
          <SelectItem key={template.id} value={template.id}>
            {template.name}
          </SelectItem>
        ))}
      </FieldSelect>
    </FormField>
  );
}

/** a member of the team, by name with their address beside */
export function MemberField({
  label,
  value,
  onChange,
  members,
  error,
}: {
  label: string;
  value: string;
  onChange: (userId: string) => void;
  members: TeamMemberResponse[];
  error?: string;
}) {
  const { t } = useTranslation('teams');
  return (
    <FormField label={label} error={error} required>
      <FieldSelect value={value} onValueChange={onChange} placeholder={t('pickers.chooseMember')}>
        {members.map((member) => (
          <SelectItem key={member.userId} value={member.userId} description={member.email}>
            {member.displayName}
          </SelectItem>
        ))}
      </FieldSelect>
    </FormField>
  );
}
