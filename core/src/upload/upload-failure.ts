/**
 * The error an upload reports when its request fails (000 §8): the message comes from the
 * response's `error`, else the response text, else "fail to post {url} {status}".
 */
export interface UploadFailure {
  readonly message: string;
  readonly status: number;
  readonly url: string;
  readonly method: 'post';
}

/** What the transport saw; `response` is the parsed body when there was one. */
export interface FailedUploadRequest {
  readonly url: string;
  readonly status: number;
  readonly response?: unknown;
  readonly responseText?: string;
}

const errorOf = (response: unknown): string | undefined => {
  if (typeof response === 'string') return response === '' ? undefined : response;
  if (typeof response === 'object' && response !== null && 'error' in response) {
    const { error } = response;
    if (typeof error === 'string' && error !== '') return error;
  }
  return undefined;
};

/**
 * Why an object response without `error` falls through to the text rather than printing
 * '[object Object]' as the original uploader did: the text is what a person can read.
 */
export const uploadFailure = (request: FailedUploadRequest): UploadFailure => ({
  message:
    errorOf(request.response) ??
    (request.responseText !== undefined && request.responseText !== ''
      ? request.responseText
      : `fail to post ${request.url} ${request.status}`),
  status: request.status,
  url: request.url,
  method: 'post',
});

/** 000 §7: the upload response is parsed as JSON when possible, else kept as text. */
export const parseUploadResponse = (text: string): unknown => {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
