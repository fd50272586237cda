export function OnboardingPage() {
  return <h1>OnboardingPage</h1>;
}
