export function ProfileEditorPage() {
  return <h1>ProfileEditorPage</h1>;
}
