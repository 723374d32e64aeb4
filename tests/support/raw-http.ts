import { connect, type Socket } from "node:net";
import { connect as connectTls, type ConnectionOptions } from "node:tls";

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * One HTTP/1.1 connection driven by hand, as a proxy or a client library holds it: requests are
 * written as text, responses read to their end by their framing (chunked or `content-length`),
 * so that what the server does with the connection afterwards can be seen.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private ended = false;
  private wake: () => void = () => {};
  /** Resolves when the server has closed the connection. */
  readonly closed: Promise<void>;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.ended = true;
        this.wake();
        resolve();
      }),
    );
    socket.on("error", () => {});
  }

  /** An `https:` URL is reached over TLS, with `tls` (a test certificate's `ca`, its `servername`). */
  static open(url: string, tls: ConnectionOptions = {}): Promise<RawConnection> {
    const { protocol, hostname, port, host } = new URL(url);
    return new Promise((resolve, reject) => {
      const connected = () => resolve(new RawConnection(socket, host));
      const socket = protocol === "https:" ? connectTls({ ...tls, host: hostname, port: Number(port) }, connected) : connect(Number(port), hostname, connected);
      socket.once("error", reject);
    });
  }

  /** Sends a request; `Host` is added, and `Content-Length` when there is a body. */
  send(method: string, target: string, headers: Record<string, string> = {}, body?: string): void {
    const lines = [`${method} ${target} HTTP/1.1`, `Host: ${this.host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    this.socket.write(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
  }

  /** Reads the next response to its last byte; throws if the connection closes before. */
  async response(): Promise<RawResponse> {
    const headEnd = await this.until(() => {
      const at = this.buffer.indexOf("\r\n\r\n");
      return at < 0 ? undefined : at;
    });
    const [statusLine, ...headerLines] = this.take(headEnd + 4)
      .toString("latin1")
      .trimEnd()
      .split("\r\n");
    const status = Number(statusLine!.split(" ")[1]);
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(":");
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    let body: Buffer;
    if (headers["transfer-encoding"] === "chunked") {
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = await this.until(() => {
          const at = this.buffer.indexOf("\r\n");
          return at < 0 ? undefined : at;
        });
        const size = parseInt(this.take(lineEnd + 2).toString("latin1"), 16);
        await this.until(() => (this.buffer.length >= size + 2 ? true : undefined));
        chunks.push(this.take(size));
        this.take(2);
        if (size === 0) break;
      }
      body = Buffer.concat(chunks);
    } else {
      const length = Number(headers["content-length"] ?? 0);
      await this.until(() => (this.buffer.length >= length ? true : undefined));
      body = this.take(length);
    }
    return { status, headers, body: body.toString("utf8") };
  }

  close(): void {
    this.socket.destroy();
  }

  private take(length: number): Buffer {
    const taken = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return taken;
  }

  private async until<T>(ready: () => T | undefined): Promise<T> {
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      if (this.ended)
        throw new Error(`The server closed the connection in the middle of a response; unread: ${JSON.stringify(this.buffer.toString("latin1"))}`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
