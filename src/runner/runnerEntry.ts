// Entry for child processes, Electron utility processes and worker threads; the runner issue fills it in.
export {};
