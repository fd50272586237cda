export function DashboardHomePage() {
  return <h1>DashboardHomePage</h1>;
}
