export const postgresServerUrl: string;
export function isPostgresReachable(): Promise<boolean>;
