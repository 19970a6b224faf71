// The server's one import of the shared package; the web imports the modules it needs directly
// (the domain/ and api/ modules are free of zod, the schema modules are not).
export * from './catalog';
export * from './common';
export * from './domain/charges';
export * from './domain/destination';
export * from './domain/limits';
export * from './domain/messages';
export * from './domain/money';
export * from './domain/order-parties';
export * from './domain/order-state';
export * from './domain/orders';
export * from './domain/phone';
export * from './domain/transfers';
export * from './domain/yen-prices';
export * from './newsletter';
export * from './orders';
export * from './overview';
export * from './profile';
export * from './reviews';
export * from './routes';
export * from './users';
export * from './vitals';
