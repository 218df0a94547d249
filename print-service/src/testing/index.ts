// @dpms/print-service/testing: what other packages' tests use to check printed PDFs.
export {
  firstPageToPng,
  parsePdfFonts,
  processesInGroup,
  readPdf,
  type PdfFont,
  type PdfReading,
} from './pdf-inspect.js';
export {
  SAMPLE_SIGNERS,
  SAMPLE_VALUES,
  approvalSheetPayload,
  contractPayload,
  signedApproval,
} from './sample-payloads.js';
export { signatureDataUrl, signaturePng } from './signature-png.js';
