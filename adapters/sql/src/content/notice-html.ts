import sanitizeHtml from 'sanitize-html';
import type { HtmlSanitizer } from '@dpms/core';

/*
 * 通知公告's content comes as HTML from an editor (RuoYi's Quill, or our form) and is shown as
 * HTML in every reader's browser, so it is cut down to simple formatting on the way in: what is
 * stored is safe to render. sanitize-html (htmlparser2 underneath) rather than a regular
 * expression: only a real parser sees every way markup can hide a script. It lives beside the
 * RuoYi import, which brings notices over through the same sanitizer, so there is one copy.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'div',
    'font',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
    font: ['color'],
    '*': ['style', 'class'],
  },
  // Quill's own classes (alignment, indent, size) only.
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      width: [/^\d{1,4}(px|%)$/],
      height: [/^\d{1,4}(px|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // The editor embeds pasted pictures as data: addresses; an <img> never runs what it shows.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // script, style and the like go with everything inside them, not just their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab cannot reach back into the page that opened it.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs['target'] === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** The notice content's sanitizer (core's HtmlSanitizer port). */
export const sanitizeNoticeHtml: HtmlSanitizer = (html) => sanitizeHtml(html, OPTIONS);
