// The administrator the browser suite's server creates at start (ADMIN_EMAIL/ADMIN_PASSWORD).
export const E2E_ADMIN = { email: "e2e-admin@club.example", password: "e2e-amber-kettle-river-42" };
