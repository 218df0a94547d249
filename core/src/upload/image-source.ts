/**
 * Which stored strings may become an image's address: the images the server itself
 * serves (avatars, signature images), an image inlined as a data: URL (how print payloads carry
 * signatures), or an object URL the page made from bytes it fetched. Anything else (another
 * origin, an API route, a script, an SVG that could load more) shows no image, so a stored value
 * cannot make a viewer's browser, or the print service's Chromium, fetch an address of its choice.
 */
const SERVER_IMAGE =
  /^\/prod-api\/(?:profile\/avatar\/[0-9a-f-]{36}\.(?:png|jpg)|system\/user\/profile\/signature\/[A-Za-z0-9_-]{1,64})$/;
const DATA_IMAGE = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
const OBJECT_URL = /^blob:/;
/** An avatar as stored and sent: its path below the API base. */
const AVATAR_PATH = /^\/profile\/avatar\/[0-9a-f-]{36}\.(?:png|jpg)$/;
const API_BASE = '/prod-api';

/**
 * An avatar is stored and sent as its path below the API base, `/profile/avatar/<id>.png`, as
 * RuoYi stores it: RuoYi's UI prefixes `/prod-api` itself (so a value with the prefix made it
 * ask for `/prod-api/prod-api/…`), and our web does the same through {@link imageSource}. Values
 * stored with the prefix before read the same.
 */
export function avatarPath(stored: string | null | undefined): string {
  if (stored === null || stored === undefined) return '';
  return stored.startsWith(`${API_BASE}/profile/avatar/`) ? stored.slice(API_BASE.length) : stored;
}

/** The address to show, or undefined when the value may not become one. */
export function imageSource(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (AVATAR_PATH.test(value)) return `${API_BASE}${value}`;
  return SERVER_IMAGE.test(value) || DATA_IMAGE.test(value) || OBJECT_URL.test(value)
    ? value
    : undefined;
}

/** Only inlined images: the print page makes no request of its own. */
export function inlineImageSource(value: string | null | undefined): string | undefined {
  return value !== null && value !== undefined && DATA_IMAGE.test(value) ? value : undefined;
}
