/**
 * GET parameters as RuoYi's `tansParams` writes them: empty values dropped, nested objects as
 * `name[key]=value`, each part URI-encoded.
 */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
  for (const [name, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (isEmpty(inner)) continue;
        parts.push(`${encodeURIComponent(`${name}[${key}]`)}=${encodeURIComponent(scalar(inner))}`);
      }
    } else if (Array.isArray(value)) {
      for (const item of value)
        parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(scalar(item))}`);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(scalar(value))}`);
    }
  }
  return parts.join('&');
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
