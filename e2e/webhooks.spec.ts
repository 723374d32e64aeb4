import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { screenshotPage, signUp, startReceiver, uniqueEmail } from "./support";

test("a webhook is created with its events, shows its secret once, receives a signed test event and an entry's, logs them and is disabled", async ({
  page,
}) => {
  const { origin, received, close } = await startReceiver();
  try {
    await signUp(page, uniqueEmail("webhooks"));
    await page.goto("/settings/webhooks");
    await expect(page.getByText("No webhooks yet")).toBeVisible();

    const endpointUrl = `${origin}/worklog`;
    await page.getByLabel("Endpoint URL").fill(endpointUrl);
    await page.getByLabel("entry.created").check();
    await page.getByLabel("Description").fill("The e2e receiver");
    await page.getByRole("button", { name: "Create webhook" }).click();
    const secretField = page.getByTestId("new-webhook-secret");
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    const webhook = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: endpointUrl }) });
    await expect(webhook.getByTestId("webhook-status")).toHaveText("Enabled");

    await webhook.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event sent")).toBeVisible();
    await expect.poll(() => received.length).toBe(1);
    const verified = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: "webhook.test" });

    // An entry written in the worklog is posted too.
    await page.goto("/");
    const composer = page.getByRole("region", { name: "New entry" });
    await composer.getByLabel("What did you work on?").fill("Wired the webhooks");
    await composer.getByRole("button", { name: "Add entry" }).click();
    await expect(composer.getByLabel("What did you work on?")).toHaveValue("");
    await expect.poll(() => received.length).toBe(2);
    expect(new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>)).toMatchObject({
      type: "entry.created",
      data: { content: "Wired the webhooks", source: "web" },
    });

    await page.goto("/settings/webhooks");
    await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
    const listed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: endpointUrl }) });
    await listed.getByText("Delivery log (2)").click();
    await expect(listed.getByRole("table")).toContainText("webhook.test");
    await expect(listed.getByRole("table")).toContainText("entry.created");
    await screenshotPage(page, "webhooks");

    await listed.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Webhook disabled")).toBeVisible();
    await expect(listed.getByTestId("webhook-status")).toHaveText("Disabled");
  } finally {
    await close();
  }
});
