// DataTransfer: accepted (no vendor extension is used).
export function dataTransfer() {
  return { status: 'Accepted' };
}
