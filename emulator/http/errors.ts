/** An error that the router turns into an HTTP answer with a message body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message)
export const unprocessable = (message: string): HttpError => new HttpError(422, message)
export const forbidden = (message: string): HttpError => new HttpError(403, message)
export const notFound = (message: string): HttpError => new HttpError(404, message)
