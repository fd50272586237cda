export function LandingPage() {
  return (
    <main>
      <h1>Your Digital Identity, Beautifully Crafted</h1>
    </main>
  );
}
