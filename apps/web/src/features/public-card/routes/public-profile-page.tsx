export function PublicProfilePage() {
  return <main aria-busy="true" />;
}
