// Integration tests render without a client build: the worker then emits dev-server script paths.
export default null;
