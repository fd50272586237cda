export function DemoPage() {
  return <main aria-busy="true" />;
}
