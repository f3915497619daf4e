// Exposes PlaygroundApi to the renderer; the app issue fills it in.
export {};
