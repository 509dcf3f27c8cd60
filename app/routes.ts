import { index, type RouteConfig } from "@react-router/dev/routes";

// The route table, written by hand; it mirrors SPEC.md §2. Screens are added by the
// issues that build them (Public site, Administrator access, News, Team, Match centre).
export default [index("routes/site/home.tsx")] satisfies RouteConfig;
