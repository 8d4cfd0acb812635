/**
 * Every refusal the server gives is an AppError: an HTTP status and a French text. The API
 * answers `{ message: { message, code } }` with `code` equal to the status (docs/architecture.md §2).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field-level details, shown beside form fields. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, message, fields);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** The error body of the API envelope. */
export interface ErrorBody {
  message: { message: string; code: number; fields?: Record<string, string> };
}
