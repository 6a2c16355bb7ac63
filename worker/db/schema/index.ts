export * from './users';
export * from './sessions';
export * from './accounts';
export * from './alerts';
export * from './news';
export * from './todo';
export * from './risk';
export * from './orders';
