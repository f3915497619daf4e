// The Electron shell; the app issue fills it in.
export {};
