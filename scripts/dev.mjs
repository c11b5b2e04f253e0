#!/usr/bin/env node
// `npm run dev`: the API server (restarting on change) and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@pantau/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@pantau/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
