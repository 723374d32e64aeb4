export function ensurePrismaClient(): void;
export function ensureBuild(): void;
