// antd's Drawer as a module of its own, for LazyDrawer's dynamic import.
export { Drawer as default } from 'antd';
