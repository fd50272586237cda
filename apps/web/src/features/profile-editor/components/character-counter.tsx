/** "120/140", and past the limit in red, saying by how much */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  const over = length - max;
  if (over <= 0) return <>{`${length}/${max}`}</>;
  return (
    <span className="font-medium text-destructive">
      {`${length}/${max}`} · {over === 1 ? '1 character' : `${over} characters`} over the limit
    </span>
  );
}
