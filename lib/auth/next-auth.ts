import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import type { Adapter } from "next-auth/adapters";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { getAuthSecret, getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { authenticateWithPassword, endSessions } from "@/lib/users/accounts";
import { countFailedSignIn, refuseWhileLimited } from "./sign-in-limits";

declare module "next-auth" {
  interface User {
    sessionVersion?: number;
  }
  interface Session {
    /** The account's session version when this session was issued; current-user.ts compares it. */
    sessionVersion: number;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sessionVersion?: number;
  }
}

/** next-auth's Prisma adapter, storing emails the way accounts keep them (lower-cased) with the default plan. */
function accountsAdapter(): Adapter {
  const adapter = PrismaAdapter(getDb());
  return {
    ...adapter,
    createUser: ({ email, name, image, emailVerified }) =>
      getDb().user.create({ data: { email: email.toLowerCase(), name, image, emailVerified, plan: getConfig().defaultPlan } }),
    getUserByEmail: (email) => adapter.getUserByEmail!(email.toLowerCase()),
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const { github } = getConfig();
  return {
    secret: getAuthSecret(),
    trustHost: true,
    session: { strategy: "jwt" },
    adapter: accountsAdapter(),
    pages: { signIn: "/signin" },
    // A wrong password is an everyday event, not an error worth a stack trace in the logs.
    logger: {
      error: (error) => {
        if (error instanceof CredentialsSignin) return;
        console.error("[auth]", error);
      },
    },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        async authorize(credentials, request) {
          const email = String(credentials.email ?? "");
          await refuseWhileLimited(email, request);
          const user = await authenticateWithPassword(email, String(credentials.password ?? ""));
          if (!user) {
            await countFailedSignIn(email, request);
            throw new CredentialsSignin();
          }
          return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
        },
      }),
      ...(github ? [GitHub({ clientId: github.clientId, clientSecret: github.clientSecret })] : []),
    ],
    callbacks: {
      // With SIGN_UPS=closed, a GitHub account that no account here is linked to gets none.
      async signIn({ account }) {
        if (getConfig().signUpsOpen || !account || account.type === "credentials") return true;
        const { provider, providerAccountId } = account;
        const linked = await getDb().account.findUnique({ where: { provider_providerAccountId: { provider, providerAccountId } }, select: { id: true } });
        return linked ? true : "/signin?error=SignUpsClosed";
      },
      // `user` is there at sign-in only: the password's account, or the adapter's row for GitHub.
      jwt({ token, user }) {
        if (user) token.sessionVersion = user.sessionVersion ?? 0;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        session.sessionVersion = token.sessionVersion ?? 0;
        return session;
      },
    },
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (token?.sub) await endSessions(token.sub, token.sessionVersion ?? 0);
      },
    },
  };
});
