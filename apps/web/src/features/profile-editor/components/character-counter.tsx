import { useTranslation } from 'react-i18next';

/** "120/140", and past the limit in red, saying by how much */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation('editor');
  const over = length - max;
  if (over <= 0) return <>{`${length}/${max}`}</>;
  return (
    <span className="font-medium text-destructive">
      {`${length}/${max}`} · {t('counter.over', { count: over })}
    </span>
  );
}
