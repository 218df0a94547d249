import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { Logger } from 'pino';

/**
 * The institute's digital signature on the PDFs of approved records (PAdES: a CAdES detached
 * signature, SubFilter ETSI.CAdES.detached), so anyone can check with a PDF reader or `pdfsig`
 * that a PDF is the one the institute issued and that no byte of it changed since. @signpdf does
 * the PDF side (the placeholder through pdf-lib, the byte range and the CMS through node-forge):
 * well kept, MIT, and the one the PDF ecosystem on Node uses, rather than CMS code of our own.
 */
export interface PdfSealer {
  /** The signer's name as the certificate gives it (shown in logs and tests). */
  readonly signerName: string;
  /** The SHA-256 of the certificate: part of a signed PDF's identity in the store. */
  readonly fingerprint: string;
  /** The PDF signed, its signing time `at`. */
  seal(pdf: Uint8Array, at: Date): Promise<Uint8Array>;
}

/** A PKCS#12 file (certificate and private key) and its password. */
export interface SealKey {
  readonly p12: Buffer;
  readonly passphrase: string;
}

/** What the certificate's placeholder reserves for the signature (hex doubles it). */
const SIGNATURE_LENGTH = 16_384;

interface OpenedSeal {
  readonly cert: forge.pki.Certificate;
  readonly privateKey: forge.pki.rsa.PrivateKey;
}

const OIDS = forge.pki.oids as Record<string, string>;
const oid = (name: string): string => OIDS[name] ?? '';

/** A PKCS#12 file's certificate and the private key that matches it. */
function openSealKey(key: SealKey): OpenedSeal {
  const asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(new Uint8Array(key.p12)));
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, key.passphrase);
  const certs = (p12.getBags({ bagType: oid('certBag') })[oid('certBag')] ?? []).flatMap((b) =>
    b.cert ? [b.cert] : [],
  );
  const shrouded = oid('pkcs8ShroudedKeyBag');
  const privateKey = p12.getBags({ bagType: shrouded })[shrouded]?.[0]?.key;
  if (!privateKey) throw new Error('no private key');
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n.compareTo(privateKey.n) === 0 && pub.e.compareTo(privateKey.e) === 0;
  });
  if (!cert) throw new Error('no certificate matches the private key');
  // forge reads a UTF8String name (a Chinese CN) as its UTF-8 bytes but encodes it again on the
  // way out, which would put another, invalid certificate and issuer into the signature: hold
  // such values as text, so the certificate is written back as it was read.
  for (const attr of [...cert.subject.attributes, ...cert.issuer.attributes]) {
    if ((attr.valueTagClass as unknown) === forge.asn1.Type.UTF8 && typeof attr.value === 'string')
      attr.value = forge.util.decodeUtf8(attr.value);
  }
  return { cert, privateKey };
}

/**
 * The CMS signature of the PDF's byte range (detached, SHA-256, with its signing time), made as
 * @signpdf's P12Signer makes it, over a certificate opened by openSealKey.
 */
class SealSigner extends Signer {
  constructor(private readonly opened: OpenedSeal) {
    super();
  }

  override sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const { cert, privateKey } = this.opened;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    p7.addCertificate(cert);
    p7.addSigner({
      key: privateKey,
      certificate: cert,
      digestAlgorithm: oid('sha256'),
      authenticatedAttributes: [
        { type: oid('contentType'), value: oid('data') },
        { type: oid('signingTime'), value: (signingTime ?? new Date()) as unknown as string },
        { type: oid('messageDigest') },
      ],
    });
    p7.sign({ detached: true });
    return Promise.resolve(Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'));
  }
}

export class P12PdfSealer implements PdfSealer {
  private readonly signer: SealSigner;
  readonly signerName: string;
  readonly fingerprint: string;

  constructor(key: SealKey) {
    const opened = openSealKey(key);
    this.signer = new SealSigner(opened);
    const der = forge.asn1.toDer(forge.pki.certificateToAsn1(opened.cert)).getBytes();
    this.fingerprint = createHash('sha256').update(der, 'binary').digest('hex');
    const cn = opened.cert.subject.getField('CN') as { value?: unknown } | null;
    this.signerName = typeof cn?.value === 'string' ? cn.value : '';
  }

  async seal(pdf: Uint8Array, at: Date): Promise<Uint8Array> {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: '审批通过，本单位签发',
      contactInfo: '',
      name: this.signerName,
      location: '',
      signingTime: at,
      signatureLength: SIGNATURE_LENGTH,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: 'DPMS',
    });
    // Without object streams: the signature's byte range must be found in plain objects.
    const prepared = await doc.save({ useObjectStreams: false });
    return new SignPdf().sign(Buffer.from(prepared), this.signer, at);
  }
}

/**
 * A self-signed seal certificate for `name` (RSA 2048, ten years, for signatures only) as a
 * PKCS#12 file: demo mode's, and production's until SIGNING_P12 names the institute's own. The
 * key pair comes from node:crypto (native, milliseconds) rather than forge's JavaScript generator.
 */
export function generateSealKey(name: string, now: Date = new Date()): SealKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: name, valueTagClass: forge.asn1.Type.UTF8 },
    {
      name: 'organizationName',
      value: name,
      valueTagClass: forge.asn1.Type.UTF8,
    },
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase };
}

/** Where a generated seal is kept under DATA_DIR: its PKCS#12 and password in one file (600). */
export const GENERATED_SEAL_DIR = 'signing';
export const GENERATED_SEAL_FILE = 'institute-seal.json';

/**
 * The seal kept under DATA_DIR, or null when there is none. One that cannot be read or opened
 * stops the start rather than being replaced: PDFs already issued were signed with it.
 */
function readKeptSeal(file: string): SealKey | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const kept = JSON.parse(text) as { p12: string; passphrase: string };
    const key = { p12: Buffer.from(kept.p12, 'base64'), passphrase: kept.passphrase };
    openSealKey(key);
    return key;
  } catch (e) {
    throw new Error(`${file} 无法读取，请恢复或删除它 (the kept PDF seal cannot be opened)`, {
      cause: e,
    });
  }
}

/**
 * The seal the server signs with: SIGNING_P12 (a path) with SIGNING_P12_PASSWORD, the
 * institute's own certificate; without them, one generated once under DATA_DIR/signing and kept
 * (a production start says that it signs with a self-made certificate, which readers will show
 * as not trusted until the institute's own is given). A SIGNING_P12 that cannot be read stops the
 * start, naming the variable.
 */
export function sealKeyFromEnv(
  env: { SIGNING_P12?: string | undefined; SIGNING_P12_PASSWORD?: string | undefined },
  dataDir: string,
  name: () => string,
  logger: Pick<Logger, 'info' | 'warn'>,
  production: boolean,
): SealKey {
  const given = env.SIGNING_P12;
  if (given !== undefined && given !== '') {
    let key: SealKey;
    try {
      key = { p12: readFileSync(given), passphrase: env.SIGNING_P12_PASSWORD ?? '' };
      openSealKey(key);
    } catch (e) {
      throw new Error(
        `SIGNING_P12 无法读取或密码不对 (SIGNING_P12 cannot be read with SIGNING_P12_PASSWORD): ${(e as Error).message}`,
        { cause: e },
      );
    }
    return key;
  }
  const file = path.join(dataDir, GENERATED_SEAL_DIR, GENERATED_SEAL_FILE);
  const kept = readKeptSeal(file);
  if (kept) return kept;
  const key = generateSealKey(name());
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole beside it, then linked into place only if no other start got there first: a
  // seal is never half written, and two starts at once both end up with the one kept.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(
    temp,
    JSON.stringify({ p12: key.p12.toString('base64'), passphrase: key.passphrase }),
    { mode: 0o600 },
  );
  try {
    linkSync(temp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return readKeptSeal(file) ?? key;
  } finally {
    rmSync(temp, { force: true });
  }
  const say = production ? logger.warn.bind(logger) : logger.info.bind(logger);
  say(
    { file },
    "PDF seal certificate generated (self-signed); set SIGNING_P12 and SIGNING_P12_PASSWORD to sign with the institute's own",
  );
  return key;
}
