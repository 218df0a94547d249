import type { DirSpec } from './menu-spec.js';

/** The administration directories: 系统管理, 系统监控 and, last, 文件管理. */
export const SYSTEM_MENUS: readonly DirSpec[] = [
  {
    name: '系统管理',
    path: 'system',
    icon: 'system',
    routeName: 'System',
    children: [
      {
        name: '用户管理',
        path: 'user',
        component: 'system/user/index',
        perm: 'system:user',
        routeName: 'User',
        extraButtons: [
          ['import', '导入'],
          ['resetPwd', '重置密码'],
        ],
      },
      {
        name: '角色管理',
        path: 'role',
        component: 'system/role/index',
        perm: 'system:role',
        routeName: 'Role',
      },
      {
        name: '菜单管理',
        path: 'menu',
        component: 'system/menu/index',
        perm: 'system:menu',
        routeName: 'Menu',
      },
      {
        name: '部门管理',
        path: 'dept',
        component: 'system/dept/index',
        perm: 'system:dept',
        routeName: 'Dept',
      },
      {
        name: '岗位管理',
        path: 'post',
        component: 'system/post/index',
        perm: 'system:post',
        routeName: 'Post',
      },
      {
        name: '专业管理',
        path: 'major',
        component: 'system/major/index',
        perm: 'system:major',
        routeName: 'Major',
      },
      {
        name: '字典管理',
        path: 'dict',
        component: 'system/dict/index',
        perm: 'system:dict',
        routeName: 'Dict',
      },
      {
        name: '参数设置',
        path: 'config',
        component: 'system/config/index',
        perm: 'system:config',
        routeName: 'Config',
      },
      {
        name: '日志管理',
        path: 'log',
        icon: 'monitor',
        routeName: 'Log',
        children: [
          {
            name: '操作日志',
            path: 'operlog',
            component: 'monitor/operlog/index',
            perm: 'monitor:operlog',
            routeName: 'Operlog',
            noButtons: true,
          },
          {
            name: '登录日志',
            path: 'logininfor',
            component: 'monitor/logininfor/index',
            perm: 'monitor:logininfor',
            routeName: 'Logininfor',
            noButtons: true,
          },
        ],
      },
    ],
  },
  {
    name: '系统监控',
    path: 'monitor',
    icon: 'monitor',
    routeName: 'Monitor',
    children: [
      {
        name: '在线用户',
        path: 'online',
        component: 'monitor/online/index',
        perm: 'monitor:online',
        routeName: 'Online',
        extraButtons: [['forceLogout', '强退']],
        noButtons: true,
      },
      {
        name: '定时任务',
        path: 'job',
        component: 'monitor/job/index',
        perm: 'monitor:job',
        routeName: 'Job',
      },
    ],
  },
  // Last, so the ids of every menu above stay as they were.
  {
    name: '文件管理',
    path: 'file',
    icon: 'resultFile',
    routeName: 'FileCenter',
    children: [
      {
        name: '文件上传',
        path: 'upload',
        component: 'file/upload/index',
        perm: 'common:upload',
        routeName: 'FileUpload',
        noButtons: true,
      },
    ],
  },
];
