export function ensurePrismaClient(): void;
export function ensureBuild(options?: { always?: boolean }): void;
