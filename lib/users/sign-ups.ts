/** What the sign-up page, its action and a GitHub sign-in of a new account say while SIGN_UPS=closed (README "Configuration"). */
export const signUpsClosedMessage = "Sign-ups are closed on this server. Ask its administrator for an account, then sign in.";
