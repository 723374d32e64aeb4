// Loaded into the server by scripts/start.mjs (`node --import`). Next.js carries only GET, HEAD,
// OPTIONS, POST, PUT, PATCH and DELETE to routes and its proxy; any other method Node accepts
// (TRACE, PROPFIND, …) fails inside it with a bare 500 before the app's code runs. Such a
// request to /api/ or /auth/ goes on as OPTIONS, naming its method in a header, and the route
// answers it with its JSON 405 and `Allow` (lib/api/route.ts, apiMethods); elsewhere it is an
// empty 405 here.
import http from "node:http";

/** lib/api/route.ts, UNSUPPORTED_METHOD_HEADER. */
const UNSUPPORTED_METHOD_HEADER = "x-worklog-unsupported-method";
const carried = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const pageMethods = "GET, HEAD, POST";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithSupportedMethod(event, ...args) {
  if (event === "request") {
    const [request, response] = args;
    // Only this hook may say so.
    delete request.headers[UNSUPPORTED_METHOD_HEADER];
    if (!carried.has(request.method)) {
      if (!/^\/(api|auth)\//.test(request.url ?? "")) {
        response.writeHead(405, { allow: pageMethods, "content-length": "0" }).end();
        return true;
      }
      request.headers[UNSUPPORTED_METHOD_HEADER] = request.method;
      request.method = "OPTIONS";
    }
  }
  return emit.call(this, event, ...args);
};
