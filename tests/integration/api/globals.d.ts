declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import('../../../api/src/index');
  }
}
