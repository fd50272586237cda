export function LeadsPage() {
  return <h1>LeadsPage</h1>;
}
