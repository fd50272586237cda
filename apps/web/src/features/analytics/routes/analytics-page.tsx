export function AnalyticsPage() {
  return <h1>AnalyticsPage</h1>;
}
