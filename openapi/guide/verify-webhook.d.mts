// Types of verify-webhook.mjs, the guide's JavaScript recipe (test/docs/webhook-recipes.test.ts runs it).
export declare function verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined | null, secret: string, nowSeconds?: number): boolean;
