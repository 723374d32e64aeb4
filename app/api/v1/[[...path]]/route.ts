import { notFoundRoute } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
