import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import type { Adapter } from "next-auth/adapters";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { getAuthSecret, getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { authenticateWithPassword } from "@/lib/users/accounts";

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
        async authorize(credentials) {
          const user = await authenticateWithPassword(String(credentials.email ?? ""), String(credentials.password ?? ""));
          if (!user) throw new CredentialsSignin();
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
      ...(github ? [GitHub({ clientId: github.clientId, clientSecret: github.clientSecret })] : []),
    ],
    callbacks: {
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
});
