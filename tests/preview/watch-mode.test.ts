import { describe, expect, it } from 'vitest'
import { pollingReason } from '../../src/preview/watch-mode.js'

// /proc/self/mountinfo as proc(5) writes it: mount point in field 5, type after " - ".
const mountinfo = [
  '22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw',
  '30 22 0:26 / /home rw,relatime shared:2 - ext4 /dev/sda2 rw',
  '41 30 0:40 / /home/ana/nfs-share rw,relatime shared:20 - nfs4 server:/export rw,vers=4.2',
  '42 30 0:41 / /home/ana/office rw,relatime shared:21 - cifs //nas/office rw,vers=3.0',
  '43 22 0:42 / /mnt/c rw,noatime - 9p drvfs rw,aname=drvfs;path=C:\\',
  '44 30 0:43 / /home/ana/remote rw,nosuid shared:22 - fuse.sshfs ana@host:/srv rw',
  '45 22 0:44 / /workspace rw,relatime - fuse.grpcfuse grpcfuse rw',
  '46 30 0:45 / /home/ana/my\\040sites rw,relatime - smb3 //nas/sites rw',
  '47 41 0:46 / /home/ana/nfs-share/local rw,relatime - ext4 /dev/sdb1 rw',
].join('\n')
const reason = (folder: string, isWsl = false) => pollingReason({ folder, mountinfo, isWsl })

describe('when preview polls for changes', () => {
  it('polls folders on network shares: NFS and SMB (cifs, smb3), a space in the mount point included', () => {
    expect(reason('/home/ana/nfs-share/acme')).toBe('a nfs4 file system')
    expect(reason('/home/ana/office')).toBe('a cifs file system')
    expect(reason('/home/ana/my sites/acme')).toBe('a smb3 file system')
  })

  it("polls 9p (WSL 2 drives, Docker Desktop) and FUSE file systems (sshfs, Docker's gRPC FUSE)", () => {
    expect(reason('/mnt/c/Users/ana/acme')).toBe('a 9p file system')
    expect(reason('/home/ana/remote/site')).toBe('a fuse.sshfs file system')
    expect(reason('/workspace/site')).toBe('a fuse.grpcfuse file system')
  })

  it('trusts native events on local disks, judging by the innermost mount', () => {
    expect(reason('/home/ana/sites/acme')).toBeUndefined()
    expect(reason('/home/ana/nfs-share/local/acme')).toBeUndefined()
    // A name that only starts like a mount point is not inside it.
    expect(reason('/home/ana/officework')).toBeUndefined()
  })

  it('polls a Windows drive under WSL even without a mount table, and /mnt elsewhere is an ordinary folder', () => {
    expect(pollingReason({ folder: '/mnt/d/acme', mountinfo: '', isWsl: true })).toBe('a Windows drive under WSL')
    expect(pollingReason({ folder: '/mnt/d/acme', mountinfo: '', isWsl: false })).toBeUndefined()
    expect(pollingReason({ folder: '/mnt/data/acme', mountinfo: '', isWsl: true })).toBeUndefined()
  })
})
