// DataTransfer: the central system has no vendor extension, so every vendorId is one it does not know. OCPP 1.6
// (DataTransfer.conf) answers that UnknownVendorId, without data, rather than accepting what it cannot act on.
export function dataTransfer() {
  return { status: 'UnknownVendorId' };
}
