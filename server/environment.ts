// Imported first by server/index.ts (rules §12, §8). React, React Router and Express pick
// their production or development build from process.env.NODE_ENV when they are first
// loaded, so it is set here, before any of them is: production unless it says otherwise.
// (loadEnv checks the value.)
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
