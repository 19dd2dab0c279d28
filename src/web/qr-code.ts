import QRCode from 'qrcode';

/**
 * A QR code of `text` as SVG markup, drawn here on the server with the qrcode library
 * (its documented `toString` with `type: 'svg'`): no image service ever sees the secret,
 * and the page needs no script. The markup is the library's own output of our text.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
