// See package.json: Worklog never runs `prisma dev`, the one command that loads this package.
export function startLocalDurableStreamsServer() {
  throw new Error('`prisma dev` is not available in Worklog: it needs @prisma/streams-local, which requires Node.js 22 (README "Dependencies")');
}
