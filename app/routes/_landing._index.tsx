export default function LandingIndex() {
  return null;
}
