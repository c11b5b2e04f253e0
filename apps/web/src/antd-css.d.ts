/** An antd component's rules of the stylesheet, without its code (antd-stylesheet-split.ts). */
declare module 'virtual:antd-css/*' {}
