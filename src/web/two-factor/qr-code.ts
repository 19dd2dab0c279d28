/**
 * A QR code of `text` as SVG markup, drawn here on the server with the qrcode library
 * (its documented `toString` with `type: 'svg'`): no image service ever sees the secret,
 * and the page needs no script. The markup is the library's own output of our text.
 * The library is loaded at the first code drawn, not at start-up: only the set-up page
 * of an authenticator app needs it.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
