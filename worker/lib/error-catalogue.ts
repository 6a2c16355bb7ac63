/** docs/PRODUCT-RULES.md §4: the closed set of error codes and their HTTP statuses. Shared by worker and web. */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  NOT_ACCEPTABLE: 406,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const UNKNOWN_STATUS_CODE = 'MALFORMED_ORPC_ERROR_RESPONSE';
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export function codeForStatus(status: number): ErrorCode | typeof UNKNOWN_STATUS_CODE {
  const hit = (Object.entries(ERROR_CATALOGUE) as [ErrorCode, number][]).find(([, s]) => s === status);
  return hit ? hit[0] : UNKNOWN_STATUS_CODE;
}

export interface ErrorBody {
  code: string;
  status: number;
  message: string;
  data?: unknown;
}
