import { useContext, useEffect, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, UNSAFE_DataRouterContext, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, CheckCircle2, CircleAlert, ExternalLink } from 'lucide-react';
import {
  LAYOUTS,
  Limits,
  ProfileInputDto,
  THEMES,
  fieldErrorMap,
  validateInput,
  type ProfileResponse,
} from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, TextField } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useProfile } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';
import { BlocksEditor } from '../components/blocks-editor';
import { CardPreview } from '../components/card-preview';
import { HandleField } from '../components/handle-field';
import { ImageField } from '../components/image-field';
import { EditorSection, SwitchRow } from '../components/editor-section';
import { OptionSelect } from '../components/option-select';
import { SocialLinksEditor } from '../components/social-links-editor';
import {
  emptyProfileValues,
  profileToFormValues,
  toProfileInput,
  withScheme,
  type ProfileFormValues,
  type ProfileInput,
} from '../utils/profile-form';
import { standingErrors } from '@/lib/form-errors';
import { MessageFieldsEditor } from '../components/message-fields-editor';
import { useDocumentTitle } from '@/lib/use-document-title';

type Mode = 'create' | 'edit';

/** the props of an input for a web address */
const URL_INPUT = { type: 'url', inputMode: 'url', placeholder: 'https://' } as const;

type PrivacySwitch = Exclude<keyof ProfileFormValues['privacy'], 'messageFields'>;

const PRIVACY: { key: PrivacySwitch; label: string; description: string }[] = [
  { key: 'collectGeo', label: 'Collect Location', description: 'Track visitor countries' },
  {
    key: 'collectIp',
    label: 'Hash IP Addresses',
    description:
      "Keep a salted hash of each visitor's address to count unique visitors; off, no address is kept",
  },
  {
    key: 'showIdentifiedViewers',
    label: 'Show Identified Visitors',
    description: 'Display known users in analytics',
  },
  { key: 'allowMessages', label: 'Allow Messages', description: 'Let visitors contact you' },
];

/** Enter in a one-line field would save the whole card half-finished: only the save button saves */
function keepEnterFromSaving(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit') {
    event.preventDefault();
  }
}

/** "120/140", and past the limit in red, saying by how much */
function Counter({ length, max }: { length: number; max: number }) {
  const over = length - max;
  if (over <= 0) return <>{`${length}/${max}`}</>;
  return (
    <span className="font-medium text-destructive">
      {`${length}/${max}`} · {over === 1 ? '1 character' : `${over} characters`} over the limit
    </span>
  );
}

/** asks before the page is closed or reloaded with unsaved edits */
function useUnloadWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when a value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * asks before the editor is left inside the app with unsaved edits: Back, a menu item, a link. it needs
 * the app's data router (the only one that can hold a navigation), so it is drawn only under one.
 */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes to this profile are not saved yet. If you leave now, they are lost."
      pending={false}
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

function BackLink({ children = 'Back to Dashboard' }: { children?: string }) {
  return (
    <Link
      to="/dashboard/home"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** create mode on /create or without an id; edit mode for an id */
export function ProfileEditorPage() {
  const { id } = useParams<{ id: string }>();
  const mode: Mode = id ? 'edit' : 'create';
  useDocumentTitle(mode === 'create' ? 'Create Profile' : 'Edit Profile');
  const profile = useProfile(id);

  if (mode === 'create') return <ProfileForm key="create" mode="create" />;
  if (profile.isPending) return <PageSpinner label="Loading profile" />;
  if (profile.isError || !profile.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <CircleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold">Profile unavailable</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {profile.error
            ? normalizeError(profile.error).message
            : 'The selected profile could not be loaded.'}
        </p>
        <div className="mt-6">
          <Button asChild variant="outline">
            <Link to="/dashboard/home">
              <ArrowLeft aria-hidden="true" />
              Back to dashboard
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return <ProfileForm key={profile.data.id} mode="edit" profile={profile.data} />;
}

function ProfileForm({ mode, profile }: { mode: Mode; profile?: ProfileResponse }) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [values, setValues] = useState<ProfileFormValues>(() =>
    profile ? profileToFormValues(profile) : emptyProfileValues(),
  );
  // nothing is checked before the first save; from then on every change re-validates, so an error goes
  // as soon as its field is fixed. the server's field errors stay until their field changes.
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState<{ errors: Record<string, string>; input: ProfileInput } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setContact = (key: keyof ProfileFormValues['contact'], value: string) =>
    setValues((v) => ({ ...v, contact: { ...v.contact, [key]: value } }));
  const setMedia = (key: keyof ProfileFormValues['media'], value: string) =>
    setValues((v) => ({ ...v, media: { ...v.media, [key]: value } }));
  const setPrivacy = <K extends keyof ProfileFormValues['privacy']>(
    key: K,
    value: ProfileFormValues['privacy'][K],
  ) => setValues((v) => ({ ...v, privacy: { ...v.privacy, [key]: value } }));
  // the value, change handler and error of one text field, to spread on a TextField
  const textField = (key: 'handle' | 'displayName' | 'tagline') => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });
  const contactField = (key: keyof ProfileFormValues['contact']) => ({
    value: values.contact[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setContact(key, e.target.value),
    error: errors[`contact.${key}`],
  });
  const mediaField = (key: keyof ProfileFormValues['media']) => ({
    value: values.media[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setMedia(key, e.target.value),
    // an address typed without https:// gets it as the field is left
    onBlur: () => setMedia(key, withScheme(values.media[key])),
    error: errors[`media.${key}`],
  });

  // an image uploaded (or pasted) and the field's address
  const imageField = (key: 'avatarUrl' | 'bannerUrl') => ({
    value: values.media[key],
    onChange: (url: string) => setMedia(key, url),
    onBlur: () => setMedia(key, withScheme(values.media[key])),
    error: errors[`media.${key}`],
  });

  const input = toProfileInput(values);
  const clientErrors = submitted ? fieldErrorMap(validateInput(ProfileInputDto, input).errors) : {};
  const errors = { ...(answer ? standingErrors(answer.errors, answer.input, input) : {}), ...clientErrors };

  // what was loaded or started with, to tell unsaved edits: leaving with them asks first
  const [initialInput] = useState(() => JSON.stringify(input));
  const [saved, setSaved] = useState(false);
  const dirty = !saved && JSON.stringify(input) !== initialInput;
  useUnloadWarning(dirty);
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;

  const saving = save.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = input;
    const result = validateInput(ProfileInputDto, body);
    setSubmitted(true);
    setAnswer(null);
    if (result.errors.length > 0) {
      // bring the first invalid field into view once the messages are rendered
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSubmitError(null);
    try {
      const stored = await save.mutateAsync(mode === 'create' ? { mode, body } : { mode, profile, body });
      // rendered at once, so the page no longer counts as changed and leaving it asks nothing
      flushSync(() => setSaved(true));
      setSavedAt(new Date());
      const message =
        mode === 'create'
          ? `Profile "${stored.displayName}" created successfully!`
          : `Profile "${stored.displayName}" updated successfully!`;
      navigate('/dashboard/home', { state: { message } });
    } catch (error) {
      const apiError = normalizeError(error);
      const serverFieldErrors = fieldErrorsOf(apiError);
      if (serverFieldErrors.length > 0) setAnswer({ errors: fieldErrorMap(serverFieldErrors), input: body });
      setSubmitError(apiError.message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={keepEnterFromSaving}
      aria-busy={saving}
      className="pb-24 xl:pb-0"
    >
      <div className="mb-6 sm:mb-8">
        <BackLink />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {mode === 'create' ? 'Create Profile' : 'Edit Profile'}
            </h1>
            <p className="mt-1 text-sm text-muted-foreground sm:text-base">
              {mode === 'create'
                ? 'Set up your new virtual business card'
                : 'Update your profile information and settings'}
            </p>
          </div>
          {savedAt ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-success" role="status">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Saved {savedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
            </p>
          ) : null}
        </div>
      </div>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <EditorSection title="Basic Information" description="How you appear at the top of your profile">
            <div className="grid gap-4 sm:grid-cols-2">
              <HandleField
                value={values.handle}
                onChange={(handle) => set('handle', handle)}
                error={errors.handle}
                profileId={profile?.id}
              />
              <TextField
                label="Display Name"
                required
                placeholder="Ada Lovelace"
                {...textField('displayName')}
              />
              <TextField
                label="Tagline"
                placeholder="Engineer, writer, speaker"
                {...textField('tagline')}
                hint={<Counter length={values.tagline.length} max={Limits.taglineMax} />}
              />
              <TextField label="Company" autoComplete="organization" {...contactField('company')} />
              <FormField
                label="Bio"
                error={errors.bio}
                className="sm:col-span-2"
                hint={<Counter length={values.bio.length} max={Limits.bioMax} />}
              >
                <Textarea rows={4} value={values.bio} onChange={(e) => set('bio', e.target.value)} />
              </FormField>
            </div>
          </EditorSection>

          <EditorSection title="Contact Information" description="Shown as tappable rows on your profile">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Email" type="email" autoComplete="email" {...contactField('email')} />
              <TextField
                label="Phone Number"
                type="tel"
                autoComplete="tel"
                {...contactField('phoneNumber')}
              />
              <TextField
                label="Website"
                {...URL_INPUT}
                {...contactField('website')}
                onBlur={() => setContact('website', withScheme(values.contact.website))}
              />
              <TextField label="Location" placeholder="Lisbon, Portugal" {...contactField('location')} />
            </div>
          </EditorSection>

          <SocialLinksEditor
            links={values.socialLinks}
            errors={errors}
            onChange={(links) => set('socialLinks', links)}
          />
          <BlocksEditor blocks={values.blocks} errors={errors} onChange={(blocks) => set('blocks', blocks)} />
        </div>

        <aside className="min-w-0 space-y-6">
          <CardPreview values={values} />
          <Card>
            <CardHeader>
              <CardTitle>Publication Status</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <SwitchRow
                id="published"
                label={values.published ? 'Published' : 'Draft'}
                description={
                  values.published
                    ? 'Your profile is live and visible to visitors'
                    : 'Your profile is private and only you can see it'
                }
              >
                <Switch
                  id="published"
                  aria-describedby="published-description"
                  checked={values.published}
                  onCheckedChange={(checked) => set('published', checked)}
                />
              </SwitchRow>
              {profile?.published ? (
                <Button asChild variant="outline" className="w-full">
                  <a href={`/u/${profile.handle}`} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    View Live Profile
                  </a>
                </Button>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Profile Media</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <ImageField kind="avatar" label="Avatar Image" {...imageField('avatarUrl')} />
              <ImageField kind="banner" label="Banner Image" {...imageField('bannerUrl')} />
              <TextField
                label="Social Preview Image"
                hint="Used when sharing your profile on social media"
                {...URL_INPUT}
                {...mediaField('ogImageUrl')}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Appearance</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <FormField label="Theme" error={errors.theme}>
                <OptionSelect
                  value={values.theme}
                  options={THEMES}
                  onValueChange={(theme) => set('theme', theme)}
                />
              </FormField>
              <FormField label="Layout" error={errors.layout}>
                <OptionSelect
                  value={values.layout}
                  options={LAYOUTS}
                  onValueChange={(layout) => set('layout', layout)}
                />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Privacy Settings</CardTitle>
            </CardHeader>
            <CardContent className="space-y-5">
              {PRIVACY.map(({ key, label, description }) => (
                <SwitchRow key={key} id={`privacy-${key}`} label={label} description={description}>
                  <Switch
                    id={`privacy-${key}`}
                    aria-describedby={`privacy-${key}-description`}
                    checked={values.privacy[key]}
                    onCheckedChange={(checked) => setPrivacy(key, checked)}
                  />
                </SwitchRow>
              ))}
              {values.privacy.allowMessages ? (
                <MessageFieldsEditor
                  value={values.privacy.messageFields}
                  onChange={(messageFields) => setPrivacy('messageFields', messageFields)}
                />
              ) : null}
            </CardContent>
          </Card>

          {/* on a phone and tablet the save button is docked at the bottom of the screen, always in reach */}
          <div
            className={cn(
              'fixed inset-x-0 bottom-0 z-30 space-y-3 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur',
              'xl:sticky xl:top-24 xl:bottom-auto xl:z-auto xl:border-0 xl:bg-transparent xl:p-0 xl:backdrop-blur-none',
            )}
          >
            {submitError ? <ErrorAlert>{submitError}</ErrorAlert> : null}
            {Object.keys(errors).length > 0 && !submitError ? (
              <p className="text-sm text-destructive" role="status">
                Please fix the highlighted fields.
              </p>
            ) : null}
            <Button type="submit" size="lg" className="w-full" disabled={saving}>
              {saving
                ? mode === 'create'
                  ? 'Creating...'
                  : 'Saving...'
                : mode === 'create'
                  ? 'Create Profile'
                  : 'Save Changes'}
            </Button>
          </div>
        </aside>
      </div>
      {inDataRouter ? <LeaveGuard dirty={dirty} /> : null}
    </form>
  );
}
