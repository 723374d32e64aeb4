-- The stock client of the Accomplish CLI (CONTRACT.md §9): access tokens live 90 days.
INSERT INTO "oauth_clients" ("id", "name", "redirect_uri", "access_token_ttl_seconds", "inserted_at", "updated_at")
VALUES ('90w0AXnlNgnh2XBJdexYjw', 'Accomplish CLI', 'http://127.0.0.1:8000/callback', 7776000, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)
ON CONFLICT ("id") DO NOTHING;
