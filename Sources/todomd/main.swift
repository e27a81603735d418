import ArgumentParser

TodoMD.main()
